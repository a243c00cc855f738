/* Runs a command and reports what it cost, as /usr/bin/time does but to the microsecond:
 *   measure <stdout-file> <command> [<argument>...]
 * prints "<wall seconds> <user seconds> <system seconds> <peak RSS KB> <exit status>".
 *
 * dismisskit-bench measures every whole process through it: a small process that forks,
 * so the command's peak RSS is its own. (A command spawned straight from the bench would
 * start its life inside the bench's larger address space, and ru_maxrss would count it.) */
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double seconds(struct timeval time) { return time.tv_sec + time.tv_usec / 1e6; }

int main(int argc, char **argv) {
    if (argc < 3) return 64;
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t child = fork();
    if (child < 0) return 71;
    if (child == 0) {
        int output = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (output < 0 || dup2(output, 1) < 0) _exit(126);
        close(output);
        execv(argv[2], argv + 2);
        _exit(127);
    }
    int status;
    struct rusage usage;
    while (wait4(child, &status, 0, &usage) < 0) {}
    clock_gettime(CLOCK_MONOTONIC, &end);
    int exitStatus = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    printf("%.6f %.6f %.6f %ld %d\n", (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9,
           seconds(usage.ru_utime), seconds(usage.ru_stime), usage.ru_maxrss, exitStatus);
    return 0;
}
