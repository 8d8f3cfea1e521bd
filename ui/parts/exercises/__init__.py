"""The exercises page's sections, by the chapter's topic: ``methods`` (2.1, 2.2),
``measures`` (2.3 to 2.7), ``normalisation`` (2.8), ``significance`` (2.9, 2.10);
``guess`` (guess first) and ``shared`` (their common helpers)."""
