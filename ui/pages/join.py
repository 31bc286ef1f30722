from ui.join_view import main

main()
