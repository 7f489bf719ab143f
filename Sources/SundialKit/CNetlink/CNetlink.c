// The shim is header-only; this file gives the target a compilation unit.
#include "CNetlink.h"
