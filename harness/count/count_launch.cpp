// count_launch.cpp — fork, exec valgrind, wait, clean up. The valgrind version and the host's CPU
// go to the counted process in its environment, for the context of its JSON.
#include "count_launch.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <stdexcept>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "machine.h"

namespace hb {

namespace {

// What `valgrind --version` prints ("valgrind-3.19.0"), or "" when it does not run.
std::string valgrind_version(const std::string &valgrind)
{
    int fds[2];
    if (pipe(fds) != 0)
        return "";
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], STDOUT_FILENO);
        close(fds[0]);
        close(fds[1]);
        execl(valgrind.c_str(), valgrind.c_str(), "--version", static_cast<char *>(nullptr));
        _exit(127);
    }
    close(fds[1]);
    std::string text;
    char buf[256];
    ssize_t n;
    while ((n = read(fds[0], buf, sizeof buf)) > 0)
        text.append(buf, std::size_t(n));
    close(fds[0]);
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return "";
    return text.substr(0, text.find('\n'));
}

void remove_folder(const std::string &dir)
{
    if (DIR *d = opendir(dir.c_str())) {
        while (struct dirent *e = readdir(d))
            if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0)
                unlink((dir + "/" + e->d_name).c_str());
        closedir(d);
    }
    rmdir(dir.c_str());
}

std::string self_path()
{
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        throw std::runtime_error(std::string("cannot find this program's own path: ") + std::strerror(errno));
    return std::string(exe, std::size_t(n));
}

} // namespace

std::string find_valgrind()
{
    const char *path = std::getenv("PATH");
    std::string dirs = path != nullptr ? path : "";
    std::size_t start = 0;
    while (start <= dirs.size()) {
        std::size_t colon = dirs.find(':', start);
        std::string dir = dirs.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
        std::string candidate = (dir.empty() ? "." : dir) + "/valgrind";
        if (access(candidate.c_str(), X_OK) == 0)
            return candidate;
        if (colon == std::string::npos)
            break;
        start = colon + 1;
    }
    return "";
}

int run_under_valgrind(const std::string &valgrind, const std::vector<std::string> &args, bool cache_sim)
{
    std::string version = valgrind_version(valgrind);
    if (version.empty())
        throw std::runtime_error(valgrind + " --version failed: valgrind does not run here");
    const char *tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/hbcount.XXXXXX";
    std::vector<char> dir_name(pattern.begin(), pattern.end());
    dir_name.push_back('\0');
    if (mkdtemp(dir_name.data()) == nullptr)
        throw std::runtime_error("cannot make a folder for callgrind's dumps (" + pattern +
                                 "): " + std::strerror(errno));
    std::string dir = dir_name.data();

    std::vector<std::string> argv = {valgrind,
                                     "--tool=callgrind",
                                     "--instr-atstart=no",
                                     "--collect-atstart=no",
                                     "--callgrind-out-file=" + dir + "/callgrind.out",
                                     "--log-file=" + dir + "/valgrind.log"};
    if (cache_sim)
        argv.push_back("--cache-sim=yes");
    argv.push_back(self_path());
    argv.push_back("--under-valgrind=" + dir);
    argv.insert(argv.end(), args.begin(), args.end());
    std::vector<char *> cargv;
    for (auto &a : argv)
        cargv.push_back(&a[0]);
    cargv.push_back(nullptr);

    setenv("HB_COUNT_VALGRIND_VERSION", version.c_str(), 1);
    setenv("HB_COUNT_HOST_CPU", cpu_model().c_str(), 1);
    // Ctrl-C reaches the counted process too; this one waits for it and cleans up.
    struct sigaction ignore = {}, old_int = {}, old_term = {};
    ignore.sa_handler = SIG_IGN;
    sigaction(SIGINT, &ignore, &old_int);
    sigaction(SIGTERM, &ignore, &old_term);
    pid_t pid = fork();
    if (pid == 0) {
        sigaction(SIGINT, &old_int, nullptr);
        sigaction(SIGTERM, &old_term, nullptr);
        execv(valgrind.c_str(), cargv.data());
        std::fprintf(stderr, "hbcount: cannot run %s: %s\n", valgrind.c_str(), std::strerror(errno));
        _exit(127);
    }
    int status = 0;
    bool waited = pid > 0 && waitpid(pid, &status, 0) == pid;
    sigaction(SIGINT, &old_int, nullptr);
    sigaction(SIGTERM, &old_term, nullptr);
    int result = 1;
    if (!waited) {
        std::fprintf(stderr, "hbcount: could not start valgrind: %s\n", std::strerror(errno));
    } else if (WIFEXITED(status)) {
        result = WEXITSTATUS(status);
        if (result != 0 && result != 2) { // 2: the counted process's own one-line refusal
            std::ifstream log(dir + "/valgrind.log");
            std::string line;
            while (std::getline(log, line))
                std::fprintf(stderr, "%s\n", line.c_str());
            std::fprintf(stderr, "hbcount: the counted process failed under valgrind (exit %d; valgrind's log above)\n",
                         result);
        }
    } else if (WIFSIGNALED(status)) {
        int sig = WTERMSIG(status);
        if (sig != SIGINT && sig != SIGTERM) {
            std::ifstream log(dir + "/valgrind.log");
            std::string line;
            while (std::getline(log, line))
                std::fprintf(stderr, "%s\n", line.c_str());
        }
        std::fprintf(stderr, "hbcount: the counted process died of signal %d (%s) under valgrind\n", sig,
                     strsignal(sig));
        result = sig == SIGINT ? 130 : 1;
    }
    remove_folder(dir);
    return result;
}

} // namespace hb
