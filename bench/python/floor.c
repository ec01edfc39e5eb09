/* The Python benchmark's floor for one call: a hand-written CPython extension, built by `make bench`
 * and never shipped. `Floor(n)` wraps a game of the C library; `move` is a METH_FASTCALL method that
 * does the engine's work through `tictactoe_move`, so that beside `tictactoe.TicTacToe.move` the only
 * difference is the binding. `counter_move` is the classic counter loop with no checks, and `noop`
 * takes the same three arguments and does nothing: the cost of a call itself. `measure` marks the
 * region callgrind counts. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>

#include "tictactoe.h"

#define MAX_N 16

typedef struct {
    PyObject_HEAD
    struct TicTacToe *game;
    /* For `counter_move` (boards up to MAX_N): one signed count per row and column, then the two
     * diagonals; inline, so that `counter_move` costs the constructor no allocation. */
    long long n;
    int counts[2 * MAX_N + 2];
} Floor;

static PyObject *floor_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    long long n;
    static char *names[] = {"n", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "L", names, &n)) return NULL;
    Floor *self = (Floor *)type->tp_alloc(type, 0);
    if (self == NULL) return NULL;
    self->game = tictactoe_new(n);
    self->n = n;
    if (self->game == NULL || n > MAX_N) {
        Py_DECREF(self);
        PyErr_SetString(PyExc_ValueError, "no game of that size");
        return NULL;
    }
    return (PyObject *)self;
}

static void floor_dealloc(Floor *self) {
    tictactoe_free(self->game);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Reads the three int arguments of `move` and `counter_move` into `v`; -1 with an exception set
 * when there are not three, or one is not an int of 64 bits. */
static int three_ints(PyObject *const *args, Py_ssize_t nargs, long long v[3]) {
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "takes row, col and player");
        return -1;
    }
    for (int k = 0; k < 3; k++) {
        v[k] = PyLong_AsLongLong(args[k]);
        if (v[k] == -1 && PyErr_Occurred()) return -1;
    }
    return 0;
}

static PyObject *floor_move(Floor *self, PyObject *const *args, Py_ssize_t nargs) {
    long long v[3];
    if (three_ints(args, nargs, v) < 0) return NULL;
    int result = tictactoe_move(self->game, v[0], v[1], v[2]);
    if (result < 0) {
        PyErr_SetString(PyExc_ValueError, tictactoe_strerror(result));
        return NULL;
    }
    return PyLong_FromLong(result);
}

/* The classic counter move with no validation at all: what the engine's work would cost if it
 * checked nothing. Only ever fed the benchmark's own legal games: an off-board cell would write
 * outside `counts`. */
static PyObject *floor_counter_move(Floor *self, PyObject *const *args, Py_ssize_t nargs) {
    long long v[3];
    if (three_ints(args, nargs, v) < 0) return NULL;
    long long n = self->n, row = v[0], col = v[1];
    int d = v[2] == 1 ? 1 : -1;
    int *rows = self->counts, *cols = rows + n, *diag = cols + n, *anti = diag + 1;
    rows[row] += d;
    cols[col] += d;
    if (row == col) *diag += d;
    if (row + col == n - 1) *anti += d;
    int won = abs(rows[row]) == n || abs(cols[col]) == n || abs(*diag) == n || abs(*anti) == n;
    return PyLong_FromLong(won ? (long)v[2] : 0);
}

static PyObject *floor_noop(Floor *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    (void)args;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "noop takes three arguments");
        return NULL;
    }
    return PyLong_FromLong(0);
}

static PyMethodDef floor_methods[] = {
    {"move", (PyCFunction)(void (*)(void))floor_move, METH_FASTCALL, NULL},
    {"counter_move", (PyCFunction)(void (*)(void))floor_counter_move, METH_FASTCALL, NULL},
    {"noop", (PyCFunction)(void (*)(void))floor_noop, METH_FASTCALL, NULL},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject FloorType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_floor.Floor",
    .tp_basicsize = sizeof(Floor),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = floor_new,
    .tp_dealloc = (destructor)floor_dealloc,
    .tp_methods = floor_methods,
};

/* `measure(f)` calls `f()`: callgrind, started with collection off, counts exactly the instructions
 * inside this function (`--toggle-collect=bench_counted_region`), and nothing of the interpreter's
 * start-up, imports or loading of the games. Not inlined, so that the symbol exists. */
__attribute__((noinline)) static PyObject *bench_counted_region(PyObject *module, PyObject *f) {
    (void)module;
    return PyObject_CallNoArgs(f);
}

static PyMethodDef module_methods[] = {
    {"measure", bench_counted_region, METH_O, NULL},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef floor_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_floor",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC PyInit__floor(void) {
    if (PyType_Ready(&FloorType) < 0) return NULL;
    PyObject *module = PyModule_Create(&floor_module);
    if (module == NULL) return NULL;
    Py_INCREF(&FloorType);
    if (PyModule_AddObject(module, "Floor", (PyObject *)&FloorType) < 0) {
        Py_DECREF(&FloorType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
