"""Which games the explorer knows, by name -> package."""

GAMES: dict[str, str] = {
    "demo": "explorer.demo",
    "corinth": "explorer.corinth",
    "hanging_gardens": "explorer.hanging_gardens",
    "gonzaga": "explorer.gonzaga",
    "gugong": "explorer.gugong",
}
