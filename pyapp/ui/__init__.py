"""The app controller and the game-independent screens (pure Python, no ``js``): see :mod:`pyapp.ui.app`."""
from .app import App
from .storage import DictStorage, QuotaError

__all__ = ["App", "DictStorage", "QuotaError"]
