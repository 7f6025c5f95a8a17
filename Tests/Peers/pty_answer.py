"""Runs a command on a pseudo-terminal, waits until the terminal shows PROMPT, types ANSWER and Enter as a person
would, and prints everything the terminal showed until the command ended; exits with the command's status (124
when it did not end within 20 s). Used where a terminal matters: a secret read at a prompt must not be echoed.

    pty_answer.py PROMPT ANSWER COMMAND [ARGS...]
"""
import os
import pty
import select
import sys
import time


def main():
    prompt, answer, command = sys.argv[1].encode(), sys.argv[2].encode(), sys.argv[3:]
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(command[0], command)
    screen = b""
    answered = False
    deadline = time.time() + 20
    while time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            screen += chunk
        if not answered and prompt in screen:
            os.write(fd, answer + b"\r")
            answered = True
    else:
        os.kill(pid, 9)
        sys.stdout.write(screen.decode(errors="replace"))
        sys.exit(124)
    _, status = os.waitpid(pid, 0)
    sys.stdout.write(screen.decode(errors="replace"))
    sys.exit(os.waitstatus_to_exitcode(status))


if __name__ == "__main__":
    main()
