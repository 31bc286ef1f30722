from ui.teacher_view import main

main()
