"""The full-screen board of ``remi play`` (Textual): a game table that never scrolls away.

``remi.ui.app.BoardApp`` draws the position the program publishes through a
``remi.ui.bridge.Bridge`` (players, table, șir, stock, the rack of the player to act, the last
round in words, what the phase allows) and sends back the lines typed on its command line. The
game itself runs in the program's session (the same ``TurnIO`` path as the line mode), on a
worker thread, so both modes share the rules, the safety nets and saving. This package sits just
below ``remi.cli`` and never imports it.
"""
