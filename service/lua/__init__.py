"""The store's Lua scripts (package data, loaded by ``kifu.service.store`` on first use)."""
