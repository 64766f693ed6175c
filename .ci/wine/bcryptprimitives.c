/* For Wine older than 9.0 only (.ci/wine-cli.sh builds it when the exe will not start): Rust's
   standard library takes its randomness from bcryptprimitives.dll's ProcessPrng, which such a
   Wine lacks. This answers it with RtlGenRandom (advapi32's SystemFunction036), which Wine has. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buf, ULONG len);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    while (len) {
        ULONG n = len > 0x10000000 ? 0x10000000 : (ULONG)len;
        if (!SystemFunction036(data, n)) return FALSE;
        data += n;
        len -= n;
    }
    return TRUE;
}
