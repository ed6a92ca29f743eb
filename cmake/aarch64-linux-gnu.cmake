# aarch64-linux-gnu.cmake — the CMake toolchain file of the AArch64 cross build (scripts/cross.sh):
# Debian's aarch64-linux-gnu gcc and g++, with an arm64 Debian 12 root as the sysroot (headers,
# libraries, pkg-config files and CMake packages all come from it, none from the host), and
# qemu-user with that root as its library prefix to run what the build and ctest run.
#
#   cmake -S . -B build-aarch64 -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake \
#         -DHB_SYSROOT=/var/tmp/hb-arm64-root [-DHB_QEMU=/usr/bin/qemu-aarch64-static]
#
# The CPU qemu emulates is QEMU_CPU from the environment (qemu reads it), so one build runs under
# several CPU models without being configured again.

set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(HB_SYSROOT "$ENV{HB_ARM64_ROOT}" CACHE PATH "The arm64 Debian root used as sysroot and qemu library prefix")
if(NOT HB_SYSROOT)
  set(HB_SYSROOT /var/tmp/hb-arm64-root CACHE PATH "" FORCE)
endif()
if(NOT EXISTS "${HB_SYSROOT}/usr/lib/aarch64-linux-gnu")
  message(FATAL_ERROR "HB_SYSROOT=${HB_SYSROOT} is not an arm64 Debian root (scripts/cross.sh aarch64 build makes one)")
endif()
# try_compile projects see only what is forwarded.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES HB_SYSROOT HB_QEMU)

set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
set(CMAKE_SYSROOT "${HB_SYSROOT}")

# Look for libraries, headers and packages only in the sysroot; programs (pkg-config, the
# generators' emulator) on the host.
set(CMAKE_FIND_ROOT_PATH "${HB_SYSROOT}")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# pkg-config reads the root's .pc files and prefixes their paths with the root.
set(ENV{PKG_CONFIG_SYSROOT_DIR} "${HB_SYSROOT}")
set(ENV{PKG_CONFIG_LIBDIR} "${HB_SYSROOT}/usr/lib/aarch64-linux-gnu/pkgconfig:${HB_SYSROOT}/usr/share/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")

# The build runs its generators (CRC tables) and ctest its test programs through qemu-user.
if(NOT HB_QEMU)
  find_program(HB_QEMU NAMES qemu-aarch64-static qemu-aarch64 REQUIRED)
endif()
set(CMAKE_CROSSCOMPILING_EMULATOR "${HB_QEMU};-L;${HB_SYSROOT}")
