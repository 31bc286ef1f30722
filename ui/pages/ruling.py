from ui.ruling_view import main

main()
