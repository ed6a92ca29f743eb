/* sort_doubles.c — quicksort with a median-of-three pivot, insertion sort below 16 elements and
 * recursion only into the smaller part, so the stack stays O(log n) even on adversarial input. */
#include "sort_doubles.h"

static void insertion_sort(double *xs, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        double x = xs[i];
        size_t j = i;
        for (; j > 0 && xs[j - 1] > x; j--)
            xs[j] = xs[j - 1];
        xs[j] = x;
    }
}

static void swap(double *a, double *b)
{
    double t = *a;
    *a = *b;
    *b = t;
}

/* Partitions xs[0..n), n > 16, around a median-of-three pivot; returns `left` such that
 * xs[0..left) <= pivot <= xs[left..n). */
static size_t partition(double *xs, size_t n)
{
    size_t mid = n / 2;
    if (xs[mid] < xs[0])
        swap(&xs[mid], &xs[0]);
    if (xs[n - 1] < xs[0])
        swap(&xs[n - 1], &xs[0]);
    if (xs[n - 1] < xs[mid])
        swap(&xs[n - 1], &xs[mid]);
    double pivot = xs[mid];
    size_t i = 0, j = n - 1;
    for (;;) {
        while (xs[i] < pivot)
            i++;
        while (pivot < xs[j])
            j--;
        if (i >= j)
            break;
        swap(&xs[i], &xs[j]);
        i++;
        j--;
    }
    return j + 1; /* xs[0..j] <= pivot <= xs[j+1..n) */
}

void hb_sort_doubles(double *xs, size_t n)
{
    while (n > 16) {
        size_t left = partition(xs, n);
        if (left < n - left) {
            hb_sort_doubles(xs, left);
            xs += left;
            n -= left;
        } else {
            hb_sort_doubles(xs + left, n - left);
            n = left;
        }
    }
    insertion_sort(xs, n);
}

/* Selects within xs[0..n); after `budget` unbalanced levels it sorts instead, so that the recursion
 * stays shallow whatever the input. */
static void select_within(double *xs, size_t n, const size_t *ks, size_t nk, int budget)
{
    if (!nk)
        return;
    if (n <= 16 || budget == 0) {
        hb_sort_doubles(xs, n);
        return;
    }
    size_t left = partition(xs, n);
    size_t below[HB_SELECT_MAX], above[HB_SELECT_MAX], nbelow = 0, nabove = 0;
    for (size_t i = 0; i < nk; i++) {
        if (ks[i] < left)
            below[nbelow++] = ks[i];
        else
            above[nabove++] = ks[i] - left;
    }
    select_within(xs, left, below, nbelow, budget - 1);
    select_within(xs + left, n - left, above, nabove, budget - 1);
}

void hb_select_doubles(double *xs, size_t n, const size_t *ks, size_t nk)
{
    int budget = 8;
    for (size_t m = n; m > 1; m /= 2)
        budget += 2;
    select_within(xs, n, ks, nk, budget);
}
