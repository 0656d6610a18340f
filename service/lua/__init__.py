"""The store's Lua scripts (package data, loaded by ``service.store`` on first use)."""
