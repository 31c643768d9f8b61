/*
 * A HotSpot disassembler plugin (hsdis) on Capstone, for -XX:+PrintAssembly on x86-64 Linux.
 *
 * Why: Debian ships no hsdis that JDK 17 loads (libhsdis0-fcml exports only the old decode_instructions entry
 * point), and JMH's perfasm needs one. HotSpot looks up decode_instructions_virtual, whose contract is described in
 * the JDK's src/utils/hsdis/hsdis.h; this file implements it on Debian's libcapstone-dev.
 *
 * Build and install (see the README, "Reading the JIT's code"):
 *   apt-get install libcapstone-dev
 *   gcc -O2 -shared -fPIC -o hsdis-amd64.so tools/hsdis/hsdis.c -lcapstone
 *   cp hsdis-amd64.so "$JAVA_HOME/lib/"
 */
#include <stdint.h>
#include <stdio.h>
#include <capstone/capstone.h>

typedef void *(*event_callback)(void *stream, const char *event, void *arg);
typedef int (*printf_callback)(void *stream, const char *format, ...);

static void *ignore_event(void *stream, const char *event, void *arg) {
    return NULL;
}

void *decode_instructions_virtual(uintptr_t start_va, uintptr_t end_va, unsigned char *buffer, uintptr_t length,
                                  event_callback on_event, void *event_stream, printf_callback print,
                                  void *print_stream, const char *options, int newline) {
    csh handle;
    cs_insn *insns;
    if (print == NULL) {
        print = (printf_callback) fprintf;
        if (print_stream == NULL) {
            print_stream = stdout;
        }
    }
    if (on_event == NULL) {
        on_event = ignore_event;
    }
    if (cs_open(CS_ARCH_X86, CS_MODE_64, &handle) != CS_ERR_OK) {
        print(print_stream, "hsdis: Capstone could not open an x86-64 disassembler\n");
        return NULL;
    }
    cs_option(handle, CS_OPT_SKIPDATA, CS_OPT_ON); /* step over bytes that are not instructions */
    size_t count = cs_disasm(handle, buffer, length, start_va, 0, &insns);
    for (size_t i = 0; i < count; i++) {
        on_event(event_stream, "insn", (void *) (uintptr_t) insns[i].address);
        print(print_stream, "%s\t%s", insns[i].mnemonic, insns[i].op_str);
        on_event(event_stream, "/insn", (void *) (uintptr_t) (insns[i].address + insns[i].size));
        if (newline) {
            print(print_stream, "\n");
        }
    }
    if (count > 0) {
        cs_free(insns, count);
    }
    cs_close(&handle);
    return NULL;
}
