// The main() of a fuzz target in the ordinary build (no libFuzzer): feeds every file under the
// folders given on the command line (seed corpora, saved findings) to LLVMFuzzerTestOneInput,
// in name order, once each. A finding aborts (the target's check), so ctest reports it.
//
//     fuzz-regress-dbread fuzz/corpus/dbread tests/fuzz/regressions/dbread
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int* argc, char*** argv);

int main(int argc, char** argv) {
    namespace fs = std::filesystem;
    if (LLVMFuzzerInitialize) LLVMFuzzerInitialize(&argc, &argv);
    std::vector<fs::path> inputs;
    for (int i = 1; i < argc; ++i) {
        const fs::path path(argv[i]);
        std::error_code error;
        if (fs::is_directory(path, error)) {
            for (const auto& entry : fs::recursive_directory_iterator(path, error))
                if (entry.is_regular_file() && entry.path().filename().string().front() != '.' &&
                    entry.path().filename() != "README.md")
                    inputs.push_back(entry.path());
        } else if (fs::is_regular_file(path, error)) {
            inputs.push_back(path);
        } else if (!fs::exists(path, error)) {
            continue; // a target without saved findings yet
        }
    }
    std::sort(inputs.begin(), inputs.end());
    for (const fs::path& path : inputs) {
        std::ifstream in(path, std::ios::binary);
        const std::string data((std::istreambuf_iterator<char>(in)),
                               std::istreambuf_iterator<char>());
        std::fprintf(stderr, "%s\n", path.c_str()); // the input that was running, should it fail
        LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(data.data()), data.size());
    }
    std::printf("%zu inputs ran\n", inputs.size());
    return 0;
}
