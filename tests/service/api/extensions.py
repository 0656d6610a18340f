"""Extension hooks for test_app (loaded through fake ``kifu.extensions`` entry points)."""


def init_one(app):
    app.config["EXT_ONE"] = True


def init_two(app):
    app.config["EXT_TWO"] = True


def init_broken(app):
    raise RuntimeError("this extension is broken")
