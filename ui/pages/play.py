from ui.play_view import main

main()
