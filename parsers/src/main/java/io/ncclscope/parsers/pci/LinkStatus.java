package io.ncclscope.parsers.pci;

/**
 * The {@code LnkSta:} line of {@code lspci -vvv}: what the link trained to now (not {@code LnkSta2:}).
 * lspci 3.6-era prints {@code (ok)} or {@code (downgraded)} after speed and width; newer lspci
 * prints {@code (downgraded)} (or {@code (overdriven)}) only when the link differs from its
 * capability and nothing otherwise; old lspci prints no verdict. Compare with {@link LinkCap} when
 * the verdict is null.
 *
 * @param speedGTs         current speed in GT/s; null when printed as unknown or absent
 * @param width            current lane count; {@code 0} is a real reading (link down)
 * @param downgraded       true when lspci printed {@code (downgraded)} after speed or width, false when it
 *                         printed only {@code (ok)} or {@code (overdriven)}, null when it printed no verdict
 * @param speedDowngraded  the verdict printed after the speed alone, same convention
 * @param widthDowngraded  the verdict printed after the width alone, same convention
 * @param line             1-based source line
 */
public record LinkStatus(Double speedGTs, Integer width, Boolean downgraded, Boolean speedDowngraded,
                         Boolean widthDowngraded, int line) {
}
