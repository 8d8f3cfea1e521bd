"""The bounds a shared server puts on tables, memory and CPU (``ui.protect.limits``)
and their messages, each naming the limit in English and Chinese.

The numbers that the command line (``python -m evalcore.report``) needs as
much as the app live here, where it can read them without Streamlit;
``ui.protect.limits`` reads them from here, so both keep one value.
"""
from __future__ import annotations

from ._validation import register_messages

MAX_ROWS = 1_000_000             # data rows of a predictions file (and of a K x K labels file)
MAX_MODELS = 10                  # score columns of a predictions file (plus the label column)
MAX_CLASSES = 50                 # classes of a K-class predictions file (the report and its command line)
MAX_CLASS_COLUMNS = 200          # score columns (models x classes) of a K-class file read into memory
COST_MIN, COST_MAX = 1e-6, 1e6   # a cost (cost01, cost10) is 0 or in [COST_MIN, COST_MAX]: ratios stay finite

_MESSAGES: dict[str, tuple[str, str]] = {
    "table_too_large": (
        "{name} takes at most {limit_rows:,} rows and {limit_cols:,} columns; this table has {rows:,} rows and "
        "{cols:,} columns. The last good table is kept.",
        "{name}最多 {limit_rows:,} 行、{limit_cols:,} 列;这张表有 {rows:,} 行、{cols:,} 列。已保留上一张有效的表。",
    ),
    "file_table_too_large": (
        "{name} takes at most {limit_rows:,} data rows and {limit_cols:,} columns; the file has {got:,} {unit}. "
        "Upload a smaller table; the last good table is kept.",
        "{name}最多 {limit_rows:,} 个数据行、{limit_cols:,} 列;这个文件有 {got:,} {unit}。"
        "请上传更小的表;已保留上一张有效的表。",
    ),
    "file_table_too_many_rows": (
        "{name} takes at most {limit_rows:,} data rows and {limit_cols:,} columns; the file has more than "
        "{limit_rows:,} data rows. Upload a smaller table; the last good table is kept.",
        "{name}最多 {limit_rows:,} 个数据行、{limit_cols:,} 列;这个文件的数据行多于 {limit_rows:,} 行。"
        "请上传更小的表;已保留上一张有效的表。",
    ),
    "table_edit_invalid": (
        "{name}: this edit names rows or columns the table does not have, so it was not applied. The last good "
        "table is kept.",
        "{name}:这次编辑涉及表中不存在的行或列,没有应用。已保留上一张有效的表。",
    ),
    "cost_out_of_range": (
        "The cost {value} is outside what the app takes: a cost is 0 or between {lo:g} and {hi:g} "
        "(beyond them the cost ratio is no longer a finite number).",
        "代价 {value} 超出本实验室接受的范围:代价为 0,或在 {lo:g} 与 {hi:g} 之间(超出后代价之比不再是有限数)。",
    ),
    "cell_too_long": (
        "A cell of {name} has {chars:,} characters; a cell takes at most {limit:,}. The last good table is kept.",
        "{name}中有一个单元格长 {chars:,} 个字符;单元格最多 {limit:,} 个字符。已保留上一张有效的表。",
    ),
    "session_budget": (
        "This would make your session hold {mb:,.0f} MB; one session may hold at most {limit:,} MB on this "
        "shared server. Upload a smaller file (fewer rows or columns).",
        "这会使你的会话占用 {mb:,.0f} MB 内存;在这台共享服务器上每个会话最多 {limit:,} MB。"
        "请上传更小的文件(更少的行或列)。",
    ),
    "session_full": (
        "Your session already holds {mb:,.0f} MB (your data and what was computed from it); one session may hold "
        "at most {limit:,} MB on this shared server, so this part is not computed. What is shown stays. To see "
        "more, choose fewer models, turn the intervals off, or upload a smaller file.",
        "你的会话已占用 {mb:,.0f} MB 内存(你的数据和由它算出的结果);在这台共享服务器上每个会话最多 {limit:,} MB,"
        "所以这一部分没有计算。已显示的内容保留。要看更多,请少选几个模型、关闭区间,或上传更小的文件。",
    ),
    "too_costly": (
        "This computation would take about {cost:.2g} sample-operations; the limit on this shared server is "
        "{limit:.2g}. Choose fewer repetitions or a smaller sample.",
        "这次计算约需 {cost:.2g} 次样本运算;这台共享服务器的上限是 {limit:.2g}。请减少重复次数或样本量。",
    ),
    "heavy_busy": (
        "The server is busy with other students' computations; waited {seconds} s. Try again in a moment.",
        "服务器正忙于其他同学的计算,已等待 {seconds} 秒。请稍后再试。",
    ),
}
register_messages(_MESSAGES)
