/* run_path.h — where one RUN of hbstat -history keeps its results, and what to call it. */
#ifndef HB_RUN_PATH_H
#define HB_RUN_PATH_H

/* Finds the results of the RUN argument arg: a folder's run.json, else its run.json.gz, or the
 * file arg itself (any name; gzipped or not). *label (free it) is what the run is called when its
 * context names no commit: the folder's name, that is arg's last component for a folder, the
 * folder holding a file called run.json or run.json.gz, or a file's own name less ".gz" and
 * ".json". Returns 0 with *file (free it), or -1 with *error, one line naming arg and why. */
int hb_run_locate(const char *arg, char **file, char **label, char **error);

#endif
