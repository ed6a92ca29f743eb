/* run.h — hashbench from argv to exit status (main() is this and nothing else). */
#ifndef HB_RUN_H
#define HB_RUN_H

namespace hb {

// Exit status: 0 success, 2 bad input (one line on stderr), 1 the run could not be prepared.
int run_hashbench(int argc, char **argv);

} // namespace hb

#endif // HB_RUN_H
