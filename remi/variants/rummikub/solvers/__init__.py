"""The exact best-move solver of the Rummikub family: the most tiles or points a turn can place,
with the fewest table sets changed (docs/solvers.md).

``best_move`` is the entry module; the others are its pieces, one concept each: the problem
values (``_problem``), the number sweep as a dynamic program (``_steps``, ``_dp``), the linear
relaxation and branch and bound over HiGHS (``_columns``, ``_lp``, ``_bb``), the objectives and
tie-break (``_objective``, ``_tiebreak``), the initial meld (``_initial``), reading and ordering
the table (``_table``, ``_edits``), joker settling (``_jokers``), the search budget (``_budget``)
and the move value (``_move``).
"""
