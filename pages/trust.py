"""哪个检验可信 · Which test to trust: the tests' real error rates (a
simulation after Dietterich 1998), the corrected resampled t-test and the
Bayesian correlated t-test (beyond textbook 2.4).

Session keys ``trust.*`` (declared as a family in ``ui/core/state.py``):
``trust.reps``, ``trust.n``, ``trust.effect``, ``trust.influence`` (the
simulation's settings), ``trust.data``, ``trust.a``, ``trust.b``,
``trust.rope`` (the Bayesian section's data, learners and ROPE)."""
import ui
from ui.parts import trust
ui.open_page("trust")
with ui.guard("simulation"):
    trust.simulation_section()
with ui.guard("bayes"):
    trust.bayes_section()
