"""The Discord side of a table: custom_ids and the one restart-proof item, the router and its
handlers, drawing, sending. The path of a click: docs/ARCHITECTURE.md, « The way a click travels »."""
