package io.stele.compat;

import java.io.IOException;
import okhttp3.Interceptor;
import okhttp3.Response;

/**
 * Prints every error answer the REST client receives, with its body: the 1.3.2 client throws only
 * the status line, so without this a failing test would not say what the registry answered.
 */
final class ErrorExchanges implements Interceptor {

    @Override
    public Response intercept(Chain chain) throws IOException {
        Response response = chain.proceed(chain.request());
        if (response.code() >= 400) {
            System.out.printf(
                    "registry answered %s %s -> %d %s%n",
                    chain.request().method(),
                    chain.request().url(),
                    response.code(),
                    response.peekBody(4096).string());
        }
        return response;
    }
}
