"""Discord components: custom_id encoding and the restart-proof buttons and selects."""
