"""What keeps one session from slowing or breaking a shared class server, in
one place: limits, bounded input, memory budgets, heavy work taking turns,
timers that stop, and the server's protocol guard (see ``ui``)."""
