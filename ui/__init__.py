"""The app's pages and shared widgets (Streamlit lives here and in app.py only)."""
