"""Tests of the Discord side: store, sessions, custom_ids, presenters, settings, the app object."""
