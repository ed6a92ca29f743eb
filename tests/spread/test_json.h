/*
 * test_json.h — for the spread tests that read a report back with yajl's tree parser: the value at
 * a path, of a type, or the test fails naming the path.
 */
#ifndef HB_TEST_SPREAD_JSON_H
#define HB_TEST_SPREAD_JSON_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>
#include <yajl/yajl_tree.h>

static inline yajl_val at(yajl_val root, const char **path, yajl_type type)
{
    yajl_val v = yajl_tree_get(root, path, type);
    if (v == NULL) {
        print_error("JSON: no");
        for (const char **p = path; *p; p++)
            print_error(" .%s", *p);
        print_error(" of the expected type\n");
        fail();
    }
    return v;
}

#endif /* HB_TEST_SPREAD_JSON_H */
