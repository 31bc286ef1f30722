from ui.student_view import main

main()
