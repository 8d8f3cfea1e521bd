"""Class mode: rooms, students, votes and their store -- no Streamlit.

``classroom.rooms``        the rules of a class (:class:`Classroom`, :class:`Question`, :class:`Caps`)
``classroom.store``        the store's interface and SQLite (:func:`open_store`)
``classroom.redis_store``  the same on Redis (several machines)

The app's views are ``ui.core.class_box`` (the lecturer's and the student's);
the bounds are ``ui.protect.limits.CLASS_CAPS``.
"""
from classroom.rooms import Caps, Classroom, ClassError, Question, Tally, guess_chance, question_of
from classroom.store import Store, SQLiteStore, open_store

__all__ = ["Caps", "Classroom", "ClassError", "Question", "Tally", "guess_chance", "question_of", "Store",
           "SQLiteStore", "open_store"]
