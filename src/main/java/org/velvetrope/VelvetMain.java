package org.velvetrope;

import java.util.ArrayList;
import java.util.List;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;

/**
 * Starts the service. {@code -Dname=value} given after {@code -jar quarkus-run.jar} is taken as configuration too,
 * the same as before {@code -jar}.
 */
@QuarkusMain
public class VelvetMain {

    public static void main(String... args) {
        List<String> rest = new ArrayList<>();
        for (String arg : args) {
            if (arg.startsWith("-D") && arg.length() > 2) {
                int eq = arg.indexOf('=');
                String name = eq < 0 ? arg.substring(2) : arg.substring(2, eq);
                String value = eq < 0 ? "true" : arg.substring(eq + 1);
                if (!name.isEmpty()) {
                    System.setProperty(name, value);
                    continue;
                }
            }
            rest.add(arg);
        }
        Quarkus.run(rest.toArray(String[]::new));
    }
}
