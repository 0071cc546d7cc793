"""The transport room: replay (default), live (capture only), and the network lock."""
