"""All Fives trainer: the Streamlit entry point."""

import streamlit as st

from trainer import Layout, NotationError

st.set_page_config(page_title="All Fives trainer", page_icon="🁫")
st.title("All Fives trainer")
st.write("Type a layout in the project's notation to see its count and what it scores.")
code = st.text_input("Layout", value="5-5:5-2:5-3::", key="layout_code")
try:
    layout = Layout.parse(code)
except NotationError as error:
    st.error(str(error))
else:
    parts = " + ".join(f"{value} ({name})" for name, value in layout.count_parts()) or "0"
    st.metric("Count", layout.count())
    st.write(f"{parts} = **{layout.count()}**; this play scores **{layout.points()}**.")
