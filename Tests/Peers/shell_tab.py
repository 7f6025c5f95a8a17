"""Types a command line and TAB into an interactive shell on a pseudo-terminal, as a person would, and prints what
the terminal showed. Used by the completion tests for zsh and fish (bash's function is called directly).

    shell_tab.py SETUP LINE UNTIL SHELL [ARGS...]

SETUP is typed first (then Enter), LINE is typed and TAB pressed until UNTIL appears on the screen (or 10 s pass).
"""
import os
import pty
import select
import sys
import time


def main():
    setup, line, until, shell = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(shell[0], shell)
    screen = b""

    def read_for(seconds):
        nonlocal screen
        deadline = time.time() + seconds
        while time.time() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    return
                if not chunk:
                    return
                screen += chunk

    read_for(1.0)
    os.write(fd, setup.encode() + b"\r")
    read_for(1.5)
    os.write(fd, line.encode())
    read_for(0.3)
    for _ in range(20):
        os.write(fd, b"\t")
        read_for(0.5)
        if until.encode() in screen.split(line.encode(), 1)[-1]:
            break
    os.write(fd, b"\x03")
    read_for(0.3)
    try:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    except OSError:
        pass
    sys.stdout.write(screen.decode("utf-8", "replace"))


if __name__ == "__main__":
    main()
