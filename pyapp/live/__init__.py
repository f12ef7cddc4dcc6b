"""Live play with friends on other devices (docs/live-play.md): the messages between the host's tab and a friend's."""
