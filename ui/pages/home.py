from ui.home_view import main

main()
