"""Writes notebooks/lessons.ipynb (kept as code so the notebook's cells stay reviewable)."""
import nbformat as nbf

from notebook_writer import write

md = nbf.v4.new_markdown_cell
code = nbf.v4.new_code_cell

cells = [
md("""# Lessons, graded by the engine

A **lesson** walks a learner through a game one move at a time, on the game's own board. Each
step is a real position (replayed through the rules), a short instruction, and a task: what the
next move should do. Every click is graded by the rules engine, never by hand-written answers:

* **done**: the move meets the task; it is played and the lesson goes on;
* **legal, but not the task**: the board says what that move would do and what the step asks,
  and the position stays, so you try again;
* **not allowed**: the rules refuse the move; the answer names the rule, in the rulebook's
  Spanish and in English.

**Hint** shows the rules that matter (from the game's rule catalogue), then one move that does
it. **Retry** sets the step up again, **Skip** goes on as if a move that does it had been
played, **Back** returns to the step before.

Run the cells from top to bottom (*Run → Run All Cells*)."""),
code("""import explorer
from explorer import lessons, notebook

notebook.setup()
for game in explorer.GAMES:
    for lesson in lessons.series(game):
        print(f"{game:16} {lesson.id:28} {len(lesson.steps):2} steps  {lesson.title}")"""),
md("""## A lesson, live: a first round of Corinth

The lesson panel sits above the game's usual boards: the harbor, with the choices of the moment
under it, then the score sheets. Click on the harbor, on a choice, or on your sheet."""),
code("""corinth_lesson = lessons.lesson_board("corinth.first-round")
corinth_lesson"""),
md("""## Every game's lessons

Each game ships a series (`explorer/<game>/lessons/*.json`): a new file shows up here with no
change to this notebook. Open any lesson on its board with `lessons.lesson_board(id)`."""),
code("""from IPython.display import HTML, display

for game in explorer.GAMES:
    for lesson in lessons.series(game):
        display(HTML(f"<code>lessons.lesson_board({lesson.id!r})</code>"), lesson)"""),
md("""The first lesson of every other game that ships one, live:"""),
code("""live = {}
for game in explorer.GAMES:
    found = lessons.series(game)
    if game != "corinth" and found:
        live[game] = lessons.lesson_board(found[0])
        display(HTML(f"<h3>{found[0].title}</h3>"), live[game])
print(f"{len(live)} more lesson board(s).")"""),
md("""## Grading without a board

The same grading in code: a `Tutor` follows one learner through a lesson. Every answer comes from
the engine (`why_illegal`, `apply`, `describe`) and the rule catalogue."""),
code("""tutor = lessons.Tutor(lessons.load("corinth.first-round"))
for move in (["take", "gold"], ["buy_yellow", 0], ["buy_yellow", 1]):
    verdict, _ = tutor.play(move)
    print(f"{move} -> {verdict.kind}: {verdict.text}")
    if verdict.rule:
        print(f"    rule {verdict.rule} ({verdict.title}); reglamento: {verdict.es}")
print("now:", tutor.step.say)
print("hint:", tutor.hint()["title"])"""),
md("""## Writing a lesson

A lesson is a small JSON file; no code is needed. The format is described in
[`docs/lessons.md`](../docs/lessons.md). The quickest way to a position: play to it on a board,
press **Save**, and point a step at the saved file with `{"save": "my_position.json"}` (relative
to the lesson file). A position can also be written by hand, as a seed and the players' moves;
the dice are rolled from the seed, as on a board.

Here is a two-step lesson given as data (a file holds exactly the same JSON):"""),
code("""my_lesson = {
    "lesson": "my.first-lesson", "game": "corinth",
    "title": "Gold or the Steward", "intro": "Two ways to use the gold group.",
    "steps": [
        {"id": "take-gold", "position": {"seed": 3, "players": 2, "actions": [["buy_yellow", 0]]},
         "say": "Take the gold group.", "task": {"move": {"kind": "take", "district": "gold"}},
         "hint_rules": ["corinth.harbor.sort"]},
        {"id": "steward", "position": "after previous",
         "say": "Use it to move the Steward instead of taking gold.",
         "task": {"move": {"kind": "steward"}}, "hint_rules": ["corinth.steward.instead"]},
    ]}
lesson = lessons.load(my_lesson)
lesson"""),
md("""A lesson is checked whole when it is loaded: every position must replay through the rules,
every task must be well formed and possible (some legal move of the position meets it), every
hint must name a rule of the catalogue. A mistake gets a message that names the step:"""),
code("""broken = {**my_lesson, "steps": [dict(my_lesson["steps"][0], task={"check": "gain", "what": "gold"})]}
try:
    lessons.load(broken)
except lessons.LessonError as e:
    print(e)"""),
]

write(cells, "lessons")
