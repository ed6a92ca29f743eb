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

void hb_sort_doubles(double *xs, size_t n)
{
	while (n > 16) {
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
		/* xs[0..j] <= pivot <= xs[j+1..n) */
		size_t left = j + 1;
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
