"""Learn: lessons (coming with the lesson module)."""
import streamlit as st

st.title("Learn")
