import Testing

@testable import CucumberExpressions

@Suite("Big numbers")
struct BigNumberTests {
    @Test("BigInteger keeps every digit and normalises sign and leading zeros")
    func bigInteger() throws {
        let digits =
            "31415926535897932384626433832795028841971693993751058209749445923078164062862089986280348253421170679"
        #expect(BigInteger(digits)?.description == digits)
        #expect(BigInteger("-007")?.description == "-7")
        #expect(BigInteger("+7")?.description == "7")
        #expect(BigInteger("-0") == BigInteger("0"))
        #expect(BigInteger("-0")?.isNegative == false)
        #expect(BigInteger(-42).description == "-42")
        #expect(BigInteger("9223372036854775807")?.int64Value == .max)
        #expect(BigInteger("9223372036854775808")?.int64Value == nil)
        #expect(BigInteger("12")?.doubleValue == 12)
        for invalid in ["", "-", "1.5", "1e3", "١٢", " 1"] {
            #expect(BigInteger(invalid) == nil, "\(invalid)")
        }
    }

    @Test("BigInteger orders by value")
    func bigIntegerOrder() throws {
        let values = ["-100", "-99", "-1", "0", "1", "99", "100", "12345678901234567890"].compactMap(BigInteger.init)
        #expect(values.count == 8)
        #expect(values == values.shuffled().sorted())
        #expect(try #require(BigInteger("-100")) < #require(BigInteger("-99")))
    }

    @Test(
        "BigDecimal keeps every digit and prints plain notation",
        arguments: [
            (
                "3.1415926535897932384626433832795028841971693993751",
                "3.1415926535897932384626433832795028841971693993751"
            ),
            ("1.5E+3", "1500"), ("+3.141593", "3.141593"), ("-.22", "-0.22"), ("1.50", "1.5"), ("0.000", "0"),
            ("-0.0", "0"), ("12e-5", "0.00012"), ("7.", "7"), ("1E+100", "1E+100"), ("-12.5E-80", "-1.25E-79"),
        ])
    func bigDecimal(text: String, description: String) throws {
        #expect(try #require(BigDecimal(text)).description == description)
    }

    @Test("BigDecimal compares by value, whatever the notation")
    func bigDecimalEquality() throws {
        #expect(BigDecimal("1.50") == BigDecimal("1.5"))
        #expect(BigDecimal("150e-2") == BigDecimal("1.5"))
        #expect(BigDecimal("1.5") != BigDecimal("15"))
        let values = ["-2", "-1.5", "-0.001", "0", "0.0001", "0.5", "1", "1.05", "1.5", "10", "1E+30"].compactMap(
            BigDecimal.init)
        #expect(values.count == 11)
        #expect(values == values.shuffled().sorted())
        #expect(BigDecimal("2.5")?.doubleValue == 2.5)
        for invalid in ["", ".", "-", "1e", "1.2.3", "e5", "1,5"] {
            #expect(BigDecimal(invalid) == nil, "\(invalid)")
        }
    }
}
