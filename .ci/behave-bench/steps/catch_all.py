# A catch-all no-op step for the behave comparison of `feed-specs-bench run` (see run.sh beside this folder).
from behave import step


@step("{text}")
def no_op(context, text):
    pass
