"""The app's screens, one module each: the shelf (with the saved games), the setup of a new game, the game table
and the rules page.  Each is a part over the session (:class:`pyapp.ui.session.Session`) and the services it
needs; :class:`pyapp.ui.app.App` routes the page's events to them.  The replay screen and the share panel are
:mod:`pyapp.ui.sharing`; a game's own setup screens (Hex Battle's armies) are its setup step (:mod:`pyapp.ui.steps`).
"""
