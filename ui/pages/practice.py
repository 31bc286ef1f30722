from ui.practice_view import main

main()
