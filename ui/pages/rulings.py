from ui.rulings_view import main

main()
