"""Drills (coming with the drill module)."""
import streamlit as st

st.title("Drills")
