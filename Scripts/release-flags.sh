# The swift build flags every release build of the command line shares, sourced by
# Scripts/install.sh and Benchmarks/release-cli.sh (each adds how the standard library is linked):
# - one section per function, linked by lld in the order of Scripts/front-symbol-order.txt, so
#   the functions the plain commands run come first, together (Scripts/order-front-symbols.py);
#   a symbol the order names that a build lacks is ignored;
# - the generic metadata of the packages' own types laid out at compile time instead of being
#   built by the runtime at first use (-prespecialize-generic-metadata);
# - the metadata of other concrete generic types (an array of one of our structs) asked of its
#   accessor directly, not found by demangling its name and checking its requirements against
#   every conformance of the binary at first use (-disable-concrete-type-metadata-mangled-name-
#   accessors): about 100,000 instructions less a process, for 15 KB more code.
# Needs RELEASE_FLAGS_ROOT set to the package's folder.
RELEASE_FLAGS=(-c release
    -Xswiftc -use-ld=lld -Xswiftc -Xfrontend -Xswiftc -function-sections
    -Xswiftc -Xfrontend -Xswiftc -prespecialize-generic-metadata
    -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
    -Xlinker "--symbol-ordering-file=$RELEASE_FLAGS_ROOT/Scripts/front-symbol-order.txt" -Xlinker --no-warn-symbol-ordering)
