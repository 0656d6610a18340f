"""An extension whose own dependency is missing: that must fail loudly, not be skipped."""
import kifu_no_such_dependency  # noqa: F401


def init_app(app):
    pass
