"""Page parts: the sections of one page each (see ``ui``).  A part imports the
framework (``ui.core``, ``ui.protect``) and never another page's part."""
