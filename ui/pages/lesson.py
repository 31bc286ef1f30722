from ui.lesson_view import main

main()
