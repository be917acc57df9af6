// What KestoG, a Windows program, takes from <windows.h>, for Linux (build.py puts this folder on
// the include path). Its clock is made a wall clock in microseconds: `clock()` counts processor
// time, which falls behind the real time a match is played by on a busy machine.
#pragma once
#include <algorithm>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#define WINAPI
#define __stdcall
#define __int64 long long
#define __int32 int
#define __inline inline
typedef int BOOL;
typedef void *HANDLE;
typedef unsigned long DWORD;
typedef void *LPVOID;
#define TRUE 1
#define FALSE 0
#define MB_OK 0
#define DLL_PROCESS_ATTACH 1
#define DLL_PROCESS_DETACH 0
#define DLL_THREAD_ATTACH 2
#define DLL_THREAD_DETACH 3

static inline void Sleep(int ms) { usleep(ms * 1000); }
static inline int MessageBox(void *, const char *text, const char *caption, int) {
  fprintf(stderr, "%s: %s\n", caption, text);
  return 0;
}

typedef pthread_mutex_t CRITICAL_SECTION;
static inline void InitializeCriticalSection(CRITICAL_SECTION *c) { pthread_mutex_init(c, 0); }
static inline void EnterCriticalSection(CRITICAL_SECTION *c) { pthread_mutex_lock(c); }
static inline void LeaveCriticalSection(CRITICAL_SECTION *c) { pthread_mutex_unlock(c); }
static inline void DeleteCriticalSection(CRITICAL_SECTION *c) { pthread_mutex_destroy(c); }

static inline long kestog_wall_clock() {
  timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec * 1000000L + now.tv_nsec / 1000;
}
#define clock kestog_wall_clock
#undef CLK_TCK
#define CLK_TCK 1000000

// KestoG reports each iteration with printf, which would mix with the protocol on standard output.
static inline int kestog_log(const char *, ...) { return 0; }

using std::max;
using std::min;
