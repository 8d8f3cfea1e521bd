"""Every limit that keeps one student from slowing the class down, in one
place.  Each is stated to the user in their language when it is hit."""

UPLOAD_MB = 50               # also server.maxUploadSize in .streamlit/config.toml (a test keeps them equal)
MAX_ROWS = 1_000_000         # data rows of an uploaded predictions file
MAX_MODELS = 10              # score columns of an uploaded file (plus the label column)
RESAMPLE_MAX_ROWS = 2_000_000  # rows of a resampled set (class-imbalance demonstration)
RESAMPLED_PER_MODEL = 2      # resampled sets kept per model in the shared cache
NAME_CHARS = 40              # a name from a file is shortened to this in figures (full name on hover)
